#version 450
layout(local_size_x = 5, local_size_y = 3, local_size_z = 1)in;

layout(std430, binding = 1)buffer buf_out_0 {
    float out_0_f0[15][2];
};


#line 10
int _ss_loop_uniform_total = 0;
#line 12


#line 15
float SAFE_FADD_ASSIGN_float_float(inout float _ss_a, float _ss_b){




                   float _ss_n = _ss_a + _ss_b;





    _ss_a =((((abs(_ss_n))<(0.1)))||(abs(_ss_n)>= 16777215.0))? 10.0 : _ss_n;

    return _ss_a;



}

#line 35



uint SAFE_INDEX_uint_uint(uint _ss_a, uint _ss_b){



#line 43
 return((_ss_a)>=(_ss_b))?((_ss_a)%(_ss_b)): _ss_a;
}






float SAFE_MAKE_IN_RANGE_float(float _ss_a){




    return((abs(_ss_a)< 0.1)||(((abs(_ss_a))>=(16777215.0))))? 10.0 : _ss_a;





}








     ivec3 SAFE_MOD_ASSIGN_ivec3_int(inout ivec3 _ss_a, int _ss_b){




#line 77
 _ss_a = any(lessThan(_ss_a, ivec3(0)))||((_ss_b)<=(0))? abs(mix(_ss_a, ivec3(2147483647), equal(_ss_a, ivec3((- 2147483648)))))% max(abs(_ss_b == - 2147483648 ? 2147483647 : _ss_b), 1): _ss_a % _ss_b;
    return _ss_a;
#line 80
}

float SAFE_POST_DEC_float(inout float _ss_a){

#line 85
 float _ss_old = _ss_a;

#line 88
float _ss_n = _ss_a - 1.0;


    _ss_a = abs(_ss_n)< 0.1 || abs(_ss_n)>= 16777215.0 ? 10.0 : _ss_n;

    return _ss_old;
}





               ivec2 SAFE_SHR_ivec2_int(ivec2 _ss_a, int _ss_b){



    return _ss_b < 0 || _ss_b >= 32 ? _ss_a >>(_ss_b & 31): _ss_a >> _ss_b;




}


void main(){



    float var_2 = vec2(10.0). x;

    ivec3 var_3 = ivec3(0);

    const float var_4 = 10.0;





         bvec2(false);




    float var_5 = 1.0;




                                          SAFE_FADD_ASSIGN_float_float(out_0_f0[SAFE_INDEX_uint_uint(gl_LocalInvocationIndex, 15u)][0], 10.0);





                                          SAFE_FADD_ASSIGN_float_float(out_0_f0[SAFE_INDEX_uint_uint(gl_LocalInvocationIndex, 15u)][(142 - 142)], 10.0);

         bvec2 var_7 = bvec2(false, false);



    int _ss_loop0 = 0;




    for(int for_var_0 = 0;false;0){



        if(((_ss_loop0)>=(32))|| _ss_loop_uniform_total >= 1000){
            break;

        }



        _ss_loop0 ++;



        _ss_loop_uniform_total ++;




                       var_7[0]= false;

    }



    uint var_8 = 0u;


    int for_var_1 = 0;




    float var_14 = SAFE_MAKE_IN_RANGE_float(((SAFE_MAKE_IN_RANGE_float(SAFE_MAKE_IN_RANGE_float(float(var_3 . rbr[(187 - 187)]))* 10.0))+(SAFE_POST_DEC_float(var_5))));

                                       SAFE_MOD_ASSIGN_ivec3_int(var_3 . stp, SAFE_SHR_ivec2_int(ivec2(0), ivec3(0). x). g);




}

